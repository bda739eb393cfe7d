import type { BlockContent, DefinitionContent, Parent, PhrasingContent } from 'mdast'

/**
 * remark-mdc produces these nodes but does not declare them to mdast's types; the
 * augmentation below lets visitors narrow on `node.type` like any other mdast node.
 */
interface ComponentFields {
  name: string
  attributes?: Record<string, unknown>
  fmAttributes?: Record<string, unknown>
  /** Props written as a YAML block at the top of a block component, unparsed. */
  rawData?: string
}

export interface ContainerComponent extends Parent, ComponentFields {
  type: 'containerComponent'
  children: (BlockContent | DefinitionContent)[]
}

export interface LeafComponent extends Parent, ComponentFields {
  type: 'leafComponent'
  children: PhrasingContent[]
}

export interface TextComponent extends Parent, ComponentFields {
  type: 'textComponent'
  children: PhrasingContent[]
}

export type ComponentNode = ContainerComponent | LeafComponent | TextComponent

declare module 'mdast' {
  interface RootContentMap {
    containerComponent: ContainerComponent
    leafComponent: LeafComponent
    textComponent: TextComponent
  }
  interface BlockContentMap {
    containerComponent: ContainerComponent
    leafComponent: LeafComponent
  }
  interface PhrasingContentMap {
    textComponent: TextComponent
  }
}
