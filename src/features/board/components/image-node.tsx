/**
 * An inline image in the post editor (issue #6): exported to HTML as `<img src alt>` and imported
 * back from it. The `src` is one of our `/uploads/…` paths (the server drops anything else).
 */
import type { JSX } from 'react';
import { DecoratorNode, type DOMConversionMap, type DOMExportOutput, type LexicalNode, type NodeKey, type SerializedLexicalNode, type Spread } from 'lexical';

type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;

  static override getType(): string {
    return 'board-image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  constructor(src: string, alt = '', key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  static override importJSON(json: SerializedImageNode): ImageNode {
    return new ImageNode(json.src, json.alt);
  }

  override exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: 'board-image', version: 1, src: this.__src, alt: this.__alt };
  }

  static override importDOM(): DOMConversionMap | null {
    return {
      img: () => ({
        conversion: (element: HTMLElement) => ({ node: new ImageNode(element.getAttribute('src') ?? '', element.getAttribute('alt') ?? '') }),
        priority: 0,
      }),
    };
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    img.setAttribute('src', this.__src);
    img.setAttribute('alt', this.__alt);
    return { element: img };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'editor-image';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  override decorate(): JSX.Element {
    return <img src={this.__src} alt={this.__alt} className="post-image" />;
  }
}

/** A new image node. */
export function $createImageNode(src: string, alt = ''): ImageNode {
  return new ImageNode(src, alt);
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
