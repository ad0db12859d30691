-- What each platform's runner last answered to `describe`, per feature: the input of the
-- declaration-parity check (lint, verify --platform all). structure_blob: the FeatureStructure
-- as compact canonical JSON in blobs.
CREATE TABLE runner_describes (
    platform       TEXT NOT NULL,
    feature        TEXT NOT NULL,
    structure_blob INTEGER NOT NULL REFERENCES blobs(id),
    PRIMARY KEY (platform, feature)
) STRICT, WITHOUT ROWID;
