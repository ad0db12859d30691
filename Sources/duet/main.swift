import DuetCLI
DuetCommandLine.main()
