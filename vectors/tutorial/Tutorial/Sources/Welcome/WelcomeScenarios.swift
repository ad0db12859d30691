// The tutorial's WelcomeScenarios: only its place matters to these checks.
