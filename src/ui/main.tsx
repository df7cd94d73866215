import { render } from 'solid-js/web';
import { App } from './app/App';
import './styles.css';

render(() => <App />, document.getElementById('root')!);
