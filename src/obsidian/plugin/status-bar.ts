// The status bar item: mirrors the brain state; a click opens the index status view.
import type { Component } from 'obsidian';
import type { BrainService } from './brain-service';
import { statusText } from './status-text';

export function mountStatusBar(owner: Component, el: HTMLElement, brain: BrainService, onClick: () => void): void {
  el.addClass('vb-status-bar', 'mod-clickable');
  const render = (): void => {
    const t = statusText(brain.state);
    el.setText(t.text);
    el.setAttr('aria-label', t.tooltip);
    el.setAttr('data-tooltip-position', 'top');
    el.toggleClass('vb-status-error', t.isError);
    el.toggleClass('vb-status-warning', t.isWarning === true);
  };
  render();
  owner.register(brain.onState(render));
  owner.registerDomEvent(el, 'click', onClick);
}
