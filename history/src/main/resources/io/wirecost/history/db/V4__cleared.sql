-- Stretches of a scenario's history that were measured again and not borne out (`history clear`): the commit before
-- a failing change point and the build of the newest run, run one straight after the other, and `diff` found no
-- regression between them. `history check` reports a change point of that scenario's figures within the stretch
-- (from_seq to through_seq, in the history's order) as cleared, not failing. Rows are only added.
CREATE TABLE cleared (
    id            BIGINT       NOT NULL PRIMARY KEY,
    scenario      VARCHAR(300) NOT NULL,
    from_seq      BIGINT       NOT NULL REFERENCES runs (seq),
    through_seq   BIGINT       NOT NULL REFERENCES runs (seq),
    commit_before VARCHAR(100),
    evidence      TEXT         NOT NULL,
    added_ms      BIGINT       NOT NULL
);
