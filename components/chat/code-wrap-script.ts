/*
 * Long code lines wrap or scroll inside their block, one choice for every block, kept in this
 * browser. The choice is an attribute on <html>, set by CODE_WRAP_SCRIPT in <head> before the first
 * paint (like the theme) and read by globals.css: the server's HTML and the hydrated page draw the
 * blocks at the same size, with no flash of the other layout. Free of client code: the root layout
 * (a server component) reads it.
 */
export const CODE_WRAP_KEY = "code-wrap";
export const CODE_WRAP_ATTRIBUTE = "data-code-wrap";

export const CODE_WRAP_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(CODE_WRAP_KEY)})==="1")document.documentElement.setAttribute(${JSON.stringify(CODE_WRAP_ATTRIBUTE)},"")}catch(e){}`;
