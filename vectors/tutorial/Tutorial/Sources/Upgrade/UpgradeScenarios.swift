// The tutorial's UpgradeScenarios: only its place matters to these checks.
