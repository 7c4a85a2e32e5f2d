// Keeps tirconf_oracle non-empty while its parts are being added.
