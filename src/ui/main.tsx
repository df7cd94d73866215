// First: starts the vault worker before the UI's modules evaluate (see vaultWorker.ts).
import './vault/vaultWorker';
import { render } from 'solid-js/web';
import { App } from './app/App';
import './styles.css';

render(() => <App />, document.getElementById('root')!);
