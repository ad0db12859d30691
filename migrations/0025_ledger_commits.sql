-- Which commit of parity/manifest.yaml opened and closed each ledger version, when the history was
-- replayed from git (`duet ledger import-git`; valid_from / valid_to are then the commit dates).
-- NULL for versions recorded by `duet ledger sync`.
ALTER TABLE ledger_entries ADD COLUMN opened_by TEXT;
ALTER TABLE ledger_entries ADD COLUMN closed_by TEXT;
