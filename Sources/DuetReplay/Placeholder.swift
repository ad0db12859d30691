// DuetReplay
