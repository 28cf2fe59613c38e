"""Travel and weather (section 5 of the rules digest): shifts and tasks, marching, weather, food, camp, encounters, driving, the hex map, and the expedition that ties them together."""
