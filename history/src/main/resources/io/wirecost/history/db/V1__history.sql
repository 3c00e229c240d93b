-- One row per stored run directory; its key is the SHA-256 of its results.json, so the same run added twice
-- (or copied to another directory) is refused by the primary key. Times are epoch milliseconds (UTC).
-- Portable SQL: the same file migrates the embedded SQLite file and a PostgreSQL server.
CREATE TABLE runs (
    run_key       VARCHAR(64)  NOT NULL PRIMARY KEY,
    seq           BIGINT       NOT NULL UNIQUE,
    run_id        VARCHAR(300) NOT NULL,
    kind          VARCHAR(20)  NOT NULL,
    dir           TEXT         NOT NULL,
    measured_ms   BIGINT       NOT NULL,
    started_ms    BIGINT,
    added_ms      BIGINT       NOT NULL,
    commit_sha    VARCHAR(100),
    branch        VARCHAR(300),
    host          VARCHAR(300),
    cpu_model     TEXT,
    java_version  VARCHAR(200),
    method        VARCHAR(50),
    load_1m       DOUBLE PRECISION,
    steal_percent DOUBLE PRECISION,
    busy_percent  DOUBLE PRECISION,
    settings      TEXT
);

-- Every figure the run directory holds, with its 95 % interval where the run computed one (NULL: none).
CREATE TABLE figures (
    run_key VARCHAR(64)      NOT NULL REFERENCES runs (run_key),
    metric  VARCHAR(500)     NOT NULL,
    value   DOUBLE PRECISION NOT NULL,
    ci_low  DOUBLE PRECISION,
    ci_high DOUBLE PRECISION,
    unit    VARCHAR(20)      NOT NULL,
    PRIMARY KEY (run_key, metric)
);

CREATE INDEX figures_by_metric ON figures (metric);
