// DuetManifest
