/** The contact-us feature (server: POST /api/email/send/contact): one form for the pages and the support chat. */
export { ContactForm } from './components/contact-form';
