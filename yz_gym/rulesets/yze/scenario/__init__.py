"""YZE's scenario files: their pydantic models (`models.py` for zone fights, `chase_models.py`) and the
builders that turn a checked file into the rules' scenario (`zone_builder.py`, `vehicles.py`,
`hazards.py`, `chase_builder.py`, and `handover.py`, a chase's fight after it). Interpreted, never
compiled (setup.py): pydantic reads the models' annotations at run time."""
