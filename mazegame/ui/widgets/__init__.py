"""Custom widgets."""
