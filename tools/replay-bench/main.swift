print("replay-bench: not written yet")
