/** Real Google Fonts family names the stand-in knows (the most used ones, plus those the app defaults to). */
export const FONT_FAMILIES = [
  'ABeeZee', 'Abel', 'Abril Fatface', 'Alegreya', 'Alegreya Sans', 'Alfa Slab One', 'Amatic SC', 'Anton', 'Archivo',
  'Archivo Black', 'Arimo', 'Arvo', 'Asap', 'Assistant', 'Barlow', 'Barlow Condensed', 'Be Vietnam Pro', 'Bebas Neue',
  'Bitter', 'Cabin', 'Cairo', 'Caveat', 'Comfortaa', 'Cormorant Garamond', 'Crimson Text', 'DM Sans', 'DM Serif Display',
  'Dancing Script', 'Dosis', 'EB Garamond', 'Exo 2', 'Figtree', 'Fira Sans', 'Fjalla One', 'Heebo', 'Hind', 'IBM Plex Mono',
  'IBM Plex Sans', 'IBM Plex Serif', 'Inconsolata', 'Inter', 'Inter Tight', 'Josefin Sans', 'Jost', 'Kanit', 'Karla',
  'Lato', 'Lexend', 'Libre Baskerville', 'Libre Franklin', 'Lobster', 'Lora', 'Manrope', 'Maven Pro', 'Merriweather',
  'Merriweather Sans', 'Montserrat', 'Mukta', 'Mulish', 'Nanum Gothic', 'Noto Sans', 'Noto Sans JP', 'Noto Serif',
  'Nunito', 'Nunito Sans', 'Open Sans', 'Oswald', 'Outfit', 'Overpass', 'Oxygen', 'PT Sans', 'PT Sans Narrow', 'PT Serif',
  'Pacifico', 'Play', 'Playfair Display', 'Plus Jakarta Sans', 'Poppins', 'Prompt', 'Public Sans', 'Quicksand', 'Raleway',
  'Red Hat Display', 'Roboto', 'Roboto Condensed', 'Roboto Flex', 'Roboto Mono', 'Roboto Slab', 'Rubik', 'Shadows Into Light',
  'Signika', 'Slabo 27px', 'Source Code Pro', 'Source Sans 3', 'Space Grotesk', 'Space Mono', 'Teko', 'Titillium Web',
  'Ubuntu', 'Urbanist', 'Varela Round', 'Work Sans', 'Yanone Kaffeesatz', 'Zilla Slab',
] as const;
