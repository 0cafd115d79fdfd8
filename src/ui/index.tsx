import 'reflect-metadata';
import { Container, injectable } from 'inversify';
import { createRoot } from 'react-dom/client';
@injectable()
class A {
  v = 'hello';
}
const c = new Container();
c.bind(A).toSelf();
createRoot(document.getElementById('root')!).render(<p>{c.get(A).v}</p>);
