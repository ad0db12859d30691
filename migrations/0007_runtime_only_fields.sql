-- State fields a flavor marks as existing only at run time (`@RuntimeOnly`: a session token, a
-- live handle): `describe` reports them with "runtimeOnly": true. The restore drill reports a spine
-- that holds one. Replaced with the feature's structure.
CREATE TABLE runtime_only_fields (
    feature TEXT NOT NULL,
    path    TEXT NOT NULL,
    PRIMARY KEY (feature, path)
) STRICT, WITHOUT ROWID;
