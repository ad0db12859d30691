// The tutorial's Counter: only its place matters to these checks.
