-- Whether the run itself flagged the figure too noisy to support a comparison (a round trip whose batches' CV
-- exceeded the run's threshold): `history check` leaves such a figure out of its series. NULL for runs stored
-- before it, which count as not flagged.
ALTER TABLE figures ADD COLUMN noisy BOOLEAN;
