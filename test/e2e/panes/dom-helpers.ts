// Obsidian's DOM helpers (createEl, createDiv, createSvg, empty, setText, addClass, ...) for the plain browser
// page: the panes in main.js build all their DOM with them, and the harness shim does not provide them.
type Attr = Record<string, string | number | boolean | null | undefined>;
interface ElInfo {
  cls?: string | string[];
  text?: string | DocumentFragment;
  attr?: Attr;
  title?: string;
  type?: string;
  value?: string;
  placeholder?: string;
  href?: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el: Element, info?: ElInfo | string): void {
  const o: ElInfo | undefined = typeof info === 'string' ? { cls: info } : info;
  if (!o) return;
  if (o.cls) el.classList.add(...(Array.isArray(o.cls) ? o.cls : o.cls.split(/\s+/)).filter(Boolean));
  if (typeof o.text === 'string') el.textContent = o.text;
  else if (o.text) el.appendChild(o.text);
  for (const [k, v] of Object.entries(o.attr ?? {})) if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  if (o.title) el.setAttribute('title', o.title);
  if (o.type) el.setAttribute('type', o.type);
  if (o.placeholder) el.setAttribute('placeholder', o.placeholder);
  if (o.href) el.setAttribute('href', o.href);
  if (o.value !== undefined) (el as HTMLInputElement).value = o.value;
}

function make(tag: string, svg: boolean, info?: ElInfo | string, cb?: (el: Element) => void): Element {
  const el = svg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
  apply(el, info);
  cb?.(el);
  return el;
}

export function installDomHelpers(): void {
  const node = Node.prototype as unknown as Record<string, unknown>;
  const element = Element.prototype as unknown as Record<string, unknown>;
  const child = (svg: boolean, fixedTag?: string) =>
    function (this: Node, a?: string | ElInfo, b?: ElInfo | string | ((el: Element) => void), c?: (el: Element) => void): Element {
      const [tag, info, cb] = fixedTag ? [fixedTag, a, b as ((el: Element) => void) | undefined] : [a as string, b as ElInfo | string | undefined, c];
      const el = make(tag, svg, info, cb);
      this.appendChild(el);
      return el;
    };
  node.createEl = child(false);
  node.createDiv = child(false, 'div');
  node.createSpan = child(false, 'span');
  node.createSvg = child(true);
  node.empty = function (this: Node): void {
    while (this.firstChild) this.removeChild(this.firstChild);
  };
  node.appendText = function (this: Node, text: string): void {
    this.appendChild(document.createTextNode(text));
  };
  element.setText = function (this: Element, text: string): void {
    this.textContent = text;
  };
  element.addClass = function (this: Element, ...cls: string[]): void {
    this.classList.add(...cls);
  };
  element.removeClass = function (this: Element, ...cls: string[]): void {
    this.classList.remove(...cls);
  };
  element.toggleClass = function (this: Element, cls: string, on: boolean): void {
    this.classList.toggle(cls, on);
  };
  element.hasClass = function (this: Element, cls: string): boolean {
    return this.classList.contains(cls);
  };
  element.setAttr = function (this: Element, key: string, value: string | number | boolean | null): void {
    if (value === null) this.removeAttribute(key);
    else this.setAttribute(key, String(value));
  };
  const g = globalThis as unknown as Record<string, unknown>;
  g.createEl = (tag: string, info?: ElInfo | string, cb?: (el: Element) => void) => make(tag, false, info, cb);
  g.createDiv = (info?: ElInfo | string, cb?: (el: Element) => void) => make('div', false, info, cb);
  g.createSpan = (info?: ElInfo | string, cb?: (el: Element) => void) => make('span', false, info, cb);
  g.createSvg = (tag: string, info?: ElInfo | string, cb?: (el: Element) => void) => make(tag, true, info, cb);
}
