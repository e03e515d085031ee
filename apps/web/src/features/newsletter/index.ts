/** The newsletter (double opt-in): the sign-up form other pages show. */
export { SubscribeForm } from './components/subscribe-form';
