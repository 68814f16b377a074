print("tablelab: not yet")
