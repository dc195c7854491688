"""The trio server: lobby, tables, connections (run it with ``taki-server``)."""
