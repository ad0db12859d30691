// The tutorial's Welcome: only its place matters to these checks.
