-- What a verify run covered: 'full' (every stored fixture of the platform) or the filters that
-- narrowed it ('feature=timeline', 'fixture=capture.camera', 'shard=2/4', space-separated when
-- several). A milestone reads only full runs. NULL: stored before scopes were recorded, so never
-- taken for a full run.
ALTER TABLE runs ADD COLUMN scope TEXT;
CREATE INDEX runs_full_by_platform ON runs(platform, id) WHERE scope = 'full';
