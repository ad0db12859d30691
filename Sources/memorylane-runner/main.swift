print("memorylane-runner: not yet")
