// The `vault-brain` command. Placeholder until the CLI lands.
process.stdout.write('vault-brain\n');
