// The tutorial's Upgrade: only its place matters to these checks.
