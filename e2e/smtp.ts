// The same in-process SMTP server the server tests use.
export { startTestSmtp as startSmtp, type TestSmtp } from '../apps/server/src/test/smtp-server';
