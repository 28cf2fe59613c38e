"""Resolving a declared action step by step on the stack of frames, split by job."""
