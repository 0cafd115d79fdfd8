// Loaded by ./phone-input.tsx with import(): the library and its stylesheet (with the flag sprite)
// form one lazy bundle.
import 'react-phone-input-2/lib/style.css';
import '../styles/phone-input.css';

export { default } from 'react-phone-input-2';
