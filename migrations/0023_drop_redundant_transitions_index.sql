-- `step_transitions_by_kind_and_step` (0021) starts with `kind`, so every lookup by kind can use it;
-- the narrower `step_transitions_by_kind` (0003) only cost a second index entry per transition row.
DROP INDEX step_transitions_by_kind;
