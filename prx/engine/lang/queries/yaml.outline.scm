; YAML outline: the keys of each document's top-level block mapping (const), and the keys
; of a top-level key's block mapping as its children (const): compose services, CI jobs,
; Kubernetes spec sections. Deeper keys and top-level sequences are not listed.
; No @body: the signature is the key's first line (`name: parcel-tracker`,
; `x-defaults: &defaults`; a bare `services:` reads `services`).

(stream
  (document
    (block_node
      (block_mapping
        (block_mapping_pair
          key: (_) @name) @definition.const))))

(stream
  (document
    (block_node
      (block_mapping
        (block_mapping_pair
          value: (block_node
            (block_mapping
              (block_mapping_pair
                key: (_) @name) @definition.const)))))))
