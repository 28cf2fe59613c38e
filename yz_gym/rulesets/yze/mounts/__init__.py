"""Mounts: riding animals in zone fights (MOUNT-01..15)."""
