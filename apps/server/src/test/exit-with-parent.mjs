// Loaded (node --import) into every server process that server-process.ts starts: its standard
// input is a pipe from the process that started it, which the system closes however that process
// ends — an exit handler does not run when a test runner is killed, and a server left running
// would go on taking the next run's jobs from the same database.
process.stdin.on('end', () => process.exit(1));
process.stdin.resume();
