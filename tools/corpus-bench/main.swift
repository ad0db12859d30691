print("corpus-bench: not written yet")
