-- A declared L0 field is observed when a stored fixture's snapshot holds a kind in it: read from
-- kind_counts (0061) by its key rather than by scanning the feature's snapshot_kinds rows (every
-- row of the feature for a field nothing holds). A snapshot no fixture refers to any more (its
-- sweep deferred) no longer counts as an observation.
DROP VIEW census_fields;
CREATE VIEW census_fields AS
    SELECT sf.feature, sf.path AS field, sf.role AS primitive,
           EXISTS (SELECT 1 FROM kind_counts k WHERE k.feature = sf.feature AND k.field = sf.path) AS observed
    FROM structure_fields sf
    WHERE sf.role IN ('path', 'slot', 'tabs', 'stage');
