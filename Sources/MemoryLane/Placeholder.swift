// MemoryLane
