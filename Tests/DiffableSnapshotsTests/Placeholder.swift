// Local placeholder so the package loads; not committed.
