print("query-bench: not written yet")
