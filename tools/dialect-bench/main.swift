print("dialect-bench: not written yet")
