import type { CSSProperties } from 'react';
import { readableTextOn } from '../../../protocol/widget-colors';
import { Icon } from '../../components/Icon';

/** How the widget will look on a website with the settings being edited (not saved yet). */
export function ChatWidgetPreview({ name, color, greeting }: { name: string; color: string; greeting: string }) {
  const valid = /^#[0-9a-f]{6}$/i.test(color);
  const accent = valid ? color : '#5b5bd6';
  const style = { '--widget-accent': accent, '--widget-on-accent': readableTextOn(accent) } as CSSProperties;
  return (
    <figure className="widget-preview" style={style} aria-label="Preview of the chat widget">
      <div className="widget-preview__panel">
        <div className="widget-preview__header">
          <span className="widget-preview__name">{name}</span>
          <span className="widget-preview__status">Chat with our team</span>
        </div>
        <div className="widget-preview__log">
          <p className="widget-preview__bubble">
            <span className="widget-preview__author">{name}</span>
            {greeting.trim() || 'Your greeting appears here.'}
          </p>
          <p className="widget-preview__bubble widget-preview__bubble--visitor">Hi! I have a question about my order.</p>
        </div>
        <div className="widget-preview__composer">Write a message…</div>
      </div>
      <div className="widget-preview__launcher" aria-hidden="true">
        <Icon name="chat" size={24} />
      </div>
      <figcaption className="visually-hidden">The launcher and the open chat panel as visitors will see them.</figcaption>
    </figure>
  );
}
