"""UI translations, one module per language (see client.i18n)."""
