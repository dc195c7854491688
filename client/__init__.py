"""The Textual terminal client (run it with ``taki-client``)."""
