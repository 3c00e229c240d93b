-- The host's speed probed beside the run's scenarios (the runner's AES-GCM reference, one core, MB/s; the median
-- over the run): a machine fact like the load, for a host whose speed changes while its load and steal do not.
-- NULL for runs stored before it and for runs that did not probe it (attach, profile, older runs).
ALTER TABLE runs ADD COLUMN host_speed_mbps DOUBLE PRECISION;
