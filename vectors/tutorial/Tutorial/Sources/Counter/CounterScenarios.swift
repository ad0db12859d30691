// The tutorial's CounterScenarios: only its place matters to these checks.
