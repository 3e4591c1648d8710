/** Where the person's choice is kept: "light" or "dark"; absent means "as the system says". */
export const THEME_KEY = "theme";

/*
 * Runs in <head> before the body is parsed, so the first paint already has the right theme (no
 * white flash in dark mode). It also follows the system setting while no choice is stored, and a
 * choice made in another tab. The toggle calls window.__applyTheme after storing a choice.
 */
export const THEME_SCRIPT = `(function(){
var k=${JSON.stringify(THEME_KEY)},q=matchMedia("(prefers-color-scheme: dark)");
function a(){var t=null;try{t=localStorage.getItem(k)}catch(e){}
var d=t==="dark"||(t!=="light"&&q.matches),r=document.documentElement;
r.classList.toggle("dark",d);r.style.colorScheme=d?"dark":"light"}
a();q.addEventListener("change",a);addEventListener("storage",function(e){if(e.key===k)a()});window.__applyTheme=a})();`;
