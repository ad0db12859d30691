-- `touches` walks a feature's distinct initial states without reading fixture rows.
CREATE INDEX fixtures_by_feature_and_initial ON fixtures(feature, initial_blob);
