-- The ledger of lab runs (docs/ledger.md). One SQL for SQLite and PostgreSQL: portable types only
-- (VARCHAR, TEXT, INTEGER, BIGINT, DOUBLE PRECISION); times are ISO-8601 text, which sorts.

-- A machine: the hardware facts its id is derived from; two runs on one machine share the row.
CREATE TABLE machine (
    machine_id VARCHAR(40) PRIMARY KEY,
    label VARCHAR(500) NOT NULL,
    cpu_model VARCHAR(500) NOT NULL,
    logical_cpus INTEGER NOT NULL,
    memory_gib INTEGER NOT NULL,
    topology VARCHAR(500) NOT NULL,
    virtualised INTEGER NOT NULL,
    first_seen VARCHAR(40) NOT NULL
);

-- A lab run: what ran, with which mechsym, and the software side of the fingerprint, which may change
-- between runs of one machine (kernel, JDK, flags, collector, huge pages, governor).
CREATE TABLE run (
    run_id VARCHAR(40) PRIMARY KEY,
    machine_id VARCHAR(40) NOT NULL REFERENCES machine (machine_id),
    started_at VARCHAR(40) NOT NULL,
    seconds DOUBLE PRECISION NOT NULL,
    mechsym_version VARCHAR(100) NOT NULL,
    mechsym_commit VARCHAR(100),
    profile VARCHAR(20) NOT NULL,
    command TEXT NOT NULL,
    rows_run TEXT NOT NULL,
    os VARCHAR(200) NOT NULL,
    kernel VARCHAR(200) NOT NULL,
    jdk_vendor VARCHAR(200) NOT NULL,
    jdk_version VARCHAR(100) NOT NULL,
    vm VARCHAR(200) NOT NULL,
    jvm_flags TEXT NOT NULL,
    collectors VARCHAR(500) NOT NULL,
    transparent_huge_pages VARCHAR(100) NOT NULL,
    cpufreq_governor VARCHAR(500) NOT NULL,
    results_path TEXT,
    recorded_at VARCHAR(40) NOT NULL
);
CREATE INDEX run_by_machine ON run (machine_id, started_at);

-- Each experiment of a run: its verdict on the post, and the tally of mechsym's goals beside it.
CREATE TABLE experiment_result (
    run_id VARCHAR(40) NOT NULL REFERENCES run (run_id),
    experiment_id VARCHAR(100) NOT NULL,
    ordinal INTEGER NOT NULL,
    title TEXT,
    status VARCHAR(20) NOT NULL,
    error TEXT,
    seconds DOUBLE PRECISION NOT NULL,
    verdict VARCHAR(40) NOT NULL,
    verdict_reason TEXT,
    PRIMARY KEY (run_id, experiment_id)
);

-- The post's sub-claims, each with the figure that decided it (median, interval, repetitions, line).
CREATE TABLE claim_result (
    run_id VARCHAR(40) NOT NULL REFERENCES run (run_id),
    experiment_id VARCHAR(100) NOT NULL,
    ordinal INTEGER NOT NULL,
    claim TEXT NOT NULL,
    outcome VARCHAR(40) NOT NULL,
    reason TEXT,
    median DOUBLE PRECISION,
    low DOUBLE PRECISION,
    high DOUBLE PRECISION,
    confidence DOUBLE PRECISION,
    repetitions INTEGER,
    unit VARCHAR(100),
    line_value DOUBLE PRECISION,
    line_is_ours INTEGER NOT NULL,
    PRIMARY KEY (run_id, experiment_id, ordinal)
);

-- mechsym's goals, judged beside the verdict, with their figure and bar.
CREATE TABLE goal_result (
    run_id VARCHAR(40) NOT NULL REFERENCES run (run_id),
    experiment_id VARCHAR(100) NOT NULL,
    ordinal INTEGER NOT NULL,
    goal TEXT NOT NULL,
    status VARCHAR(40) NOT NULL,
    figures TEXT,
    median DOUBLE PRECISION,
    low DOUBLE PRECISION,
    high DOUBLE PRECISION,
    confidence DOUBLE PRECISION,
    repetitions INTEGER,
    unit VARCHAR(100),
    bar DOUBLE PRECISION,
    PRIMARY KEY (run_id, experiment_id, ordinal)
);

-- Every numeric cell of every table: a row is keyed by its text cells; a median column of a
-- summary row carries the row's min and max as its range and n as its repetitions.
CREATE TABLE figure (
    run_id VARCHAR(40) NOT NULL REFERENCES run (run_id),
    experiment_id VARCHAR(100) NOT NULL,
    table_id VARCHAR(200) NOT NULL,
    row_key VARCHAR(1000) NOT NULL,
    column_name VARCHAR(200) NOT NULL,
    source VARCHAR(10) NOT NULL,
    unit VARCHAR(100),
    figure_value DOUBLE PRECISION,
    low DOUBLE PRECISION,
    high DOUBLE PRECISION,
    repetitions INTEGER,
    PRIMARY KEY (run_id, experiment_id, table_id, row_key, column_name)
);
