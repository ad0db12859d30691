-- `touches` reads a kind's transitions in fixture and step order with their action case, from the index alone.
CREATE INDEX step_transitions_by_kind_and_step ON step_transitions(kind, fixture_id, step, field, depth, change, action_case);
